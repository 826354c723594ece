// Swiper and the one module the carousels use, as one chunk that swiperCarousel.ts loads on demand
// (importing "swiper/modules" dynamically would bring every module along).
export { default as Swiper } from "swiper";
export { Navigation } from "swiper/modules";
