// Swiper on the rows' server HTML: the block stays server HTML and Swiper loads only as a row nears.
export { enhanceCarousels as default } from "../_shared/swiperCarousel";
