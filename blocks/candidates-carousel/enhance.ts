// Swiper on the carousel's server HTML (docs/carousels-and-blocks.md#carousel-behaviour).
export { enhanceCarousels as default } from "../_shared/swiperCarousel";
