export { Carousel, PRODUCT_LIST_CAROUSEL, type CarouselProps } from "./Carousel";
export { Footer, type AccessibilityState, type FooterProps } from "./Footer";
export { FOOTER_SECTIONS, IFRAME_FOOTER_LINKS, feedbackHref, type FooterLink, type FooterSection } from "./footerLinks";
export { JumpBar, sectionIdOf, sectionOffset, type JumpBarProps, type JumpLink } from "./JumpBar";
export { smoothScrollTo, smoothScrollToElement, type SmoothScrollOptions } from "./smoothScroll";
