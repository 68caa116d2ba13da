"use client";

import { hrefError, imageSrcError, imageWidthFromInput, uploadedImagePatch } from "@/lib/ui/design-block-fields";
import type { EditorBlock } from "@/lib/ui/design-editor-state";
import type { AnyEditorBlock, UpdateBlock } from "./block-fields";
import { AlignSelect, LabeledInput, Row } from "./field-controls";
import { ImageUploadButton } from "./image-upload-button";

/** An image block's fields: its address (typed or uploaded), description, link, width and alignment. */
export function ImageBlockFields({ block, update }: { block: Extract<AnyEditorBlock, { type: "image" }>; update: UpdateBlock }) {
  return (
    <>
      <div className="space-y-2">
        <LabeledInput
          label="Image address"
          value={block.src}
          mono
          placeholder="https://"
          onChange={(src) => update({ src } as Partial<EditorBlock>, "src")}
          error={imageSrcError(block.src)}
        />
        <ImageUploadButton onUploaded={(image) => update(uploadedImagePatch(block.width, image) as Partial<EditorBlock>)} />
      </div>
      <Row>
        <LabeledInput
          label="Description (alt text)"
          value={block.alt ?? ""}
          onChange={(alt) => update({ alt } as Partial<EditorBlock>, "alt")}
        />
        <LabeledInput
          label="Link (optional)"
          value={block.href ?? ""}
          mono
          onChange={(href) => update({ href: href || undefined } as Partial<EditorBlock>, "href")}
          error={hrefError(block.href, true)}
        />
      </Row>
      <Row>
        <LabeledInput
          label="Width in pixels (empty: full width)"
          type="number"
          min={16}
          max={600}
          value={block.width ?? ""}
          onChange={(width) => update({ width: imageWidthFromInput(width) } as Partial<EditorBlock>, "width")}
        />
        <AlignSelect value={block.align} onChange={(align) => update({ align } as Partial<EditorBlock>)} />
      </Row>
    </>
  );
}
