// Image widths shared by the image server (which renders these variants) and the blocks (which
// ask for them in srcsets): the breakpoints sm 0, md 1, lg 2, xl 3 and the default 16:9 aspect
// (docs/article-pages.md#images).

export const IMAGE_BREAKPOINTS = { sm: 480, md: 768, lg: 1024, xl: 1440 } as const;
export const IMAGE_WIDTHS: number[] = Object.values(IMAGE_BREAKPOINTS);
export const DEFAULT_ASPECT = { width: 16, height: 9 } as const;
