import { linkHrefSchema } from "@/lib/templates/design";

/** Widest an image block may be, in pixels: the email's content column. */
export const IMAGE_MAX_WIDTH = 600;
const IMAGE_MIN_WIDTH = 16;
const SPACER_MIN_HEIGHT = 4;
const SPACER_MAX_HEIGHT = 160;

/** What is wrong with a link's address, or null; an empty address is wrong unless the link is optional. */
export function hrefError(href: string | undefined, optional = false): string | null | undefined {
  if (!href) return optional ? null : "Enter an address";
  const parsed = linkHrefSchema.safeParse(href);
  return parsed.success ? null : parsed.error.issues[0]?.message;
}

/** An image's address is an http(s) URL or a template variable. */
export function imageSrcError(src: string): string | null {
  return /^(https?:\/\/|\{\{)/i.test(src) ? null : "An https:// address, or upload an image";
}

/** The width typed into an image block, rounded and kept within 16–600 px; empty means full width. */
export function imageWidthFromInput(value: string): number | undefined {
  return value ? Math.max(IMAGE_MIN_WIDTH, Math.min(IMAGE_MAX_WIDTH, Math.round(Number(value)))) : undefined;
}

/** The height typed into a spacer, rounded and kept within 4–160 px; anything unreadable is 4. */
export function spacerHeightFromInput(value: string): number {
  return Math.max(SPACER_MIN_HEIGHT, Math.min(SPACER_MAX_HEIGHT, Math.round(Number(value) || SPACER_MIN_HEIGHT)));
}

/**
 * An uploaded image becomes the block's source. A small image keeps its own width instead of
 * being stretched to the column, unless the block already has a width of its own.
 */
export function uploadedImagePatch(
  currentWidth: number | undefined,
  image: { url: string; width: number },
): { src: string; width?: number } {
  return {
    src: image.url,
    ...(currentWidth || image.width >= IMAGE_MAX_WIDTH ? {} : { width: Math.max(IMAGE_MIN_WIDTH, image.width) }),
  };
}
