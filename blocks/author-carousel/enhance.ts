// Swiper on the carousel's server HTML: the block stays server HTML and Swiper loads only where it is.
export { enhanceCarousels as default } from "../_shared/swiperCarousel";
