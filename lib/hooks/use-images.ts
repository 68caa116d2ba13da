import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImageResponse } from "@/lib/images/serialize-image";
import { ApiRequestError } from "@/lib/ui/fetch-api";

export type UploadedImage = ImageResponse;

/**
 * POST /api/v1/images with the file as multipart form data (fetchApi sends JSON only); the
 * documented error body becomes an ApiRequestError whose message names the problem.
 */
async function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append("file", file);
  const response = await fetch("/api/v1/images", { method: "POST", body: form, credentials: "same-origin" });
  const body = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | UploadedImage | null;
  if (!response.ok) {
    const error = body && "error" in body ? body.error : undefined;
    throw new ApiRequestError(response.status, error?.code ?? "internal_error", error?.message ?? `upload failed (${response.status})`);
  }
  return body as UploadedImage;
}

export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["images"] }),
  });
}
