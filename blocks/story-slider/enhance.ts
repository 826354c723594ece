// Swiper on the slider's server HTML, with its autoplay (docs/carousels-and-blocks.md#slider-defaults).
export { enhanceCarousels as default } from "../_shared/swiperCarousel";
