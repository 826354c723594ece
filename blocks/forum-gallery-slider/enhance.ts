// Swiper on the slider's server HTML, with its autoplay (docs/carousels-and-blocks.md#forums).
export { enhanceCarousels as default } from "../_shared/swiperCarousel";
