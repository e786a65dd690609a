// An upload into the media library in place, for a screen that places one image: the "Upload new
// image" button and its state. The same file uploaded twice answers the image already there.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { describeRequestError } from "~/capabilities/workspace/session-client";
import { acceptedImageTypes, imageTooLargeMessage, maxImageBytes } from "./image-rules";
import { type UploadAnswer, uploadImage } from "./images-client";

export type ImageUpload = ReturnType<typeof useImageUpload>;

/**
 * The upload's state; onUploaded gets the library's answer (the new or the existing image). It is
 * the callback of the latest render, not the one the upload started in: that one's closure holds
 * the form as it was then, and writing it back would wipe whatever was typed meanwhile. A field
 * gone by then (its block removed, its picker closed) is not written to.
 */
export function useImageUpload(onUploaded: (answer: UploadAnswer) => void) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();
  const latestOnUploaded = useRef(onUploaded);
  useLayoutEffect(() => {
    latestOnUploaded.current = onUploaded;
  });
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    // The server checks again, by the file's bytes; this saves sending a file it would refuse.
    if (file.size > maxImageBytes) {
      setError(imageTooLargeMessage);
      return;
    }
    setUploading(true);
    setError(undefined);
    try {
      const answer = await uploadImage(file);
      if (mounted.current) latestOnUploaded.current(answer);
    } catch (failure) {
      setError(describeRequestError(failure, "Unable to upload the image"));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };
  return { fileInput, uploading, error, upload };
}

/** The file input, shown as a button. */
export function ImageUploadButton({
  id,
  upload,
  className,
}: {
  id: string;
  upload: ImageUpload;
  className: string;
}) {
  return (
    <label htmlFor={id} className={className}>
      {upload.uploading ? "Uploading..." : "Upload new image"}
      <input
        ref={upload.fileInput}
        id={id}
        type="file"
        accept={acceptedImageTypes.join(",")}
        className="sr-only"
        disabled={upload.uploading}
        onChange={(event) => upload.upload(event.target.files?.[0])}
      />
    </label>
  );
}

/** Why the upload failed, under the button. */
export function ImageUploadError({ upload }: { upload: ImageUpload }) {
  return upload.error ? (
    <p role="alert" className="text-sm font-medium text-destructive">
      {upload.error}
    </p>
  ) : null;
}
