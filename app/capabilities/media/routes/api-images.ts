// POST /api/admin/images: an upload to the media library (admin only, same origin, a multipart form
// with the file in "image"): 201 stored, 200 with `duplicate: true` when already there (checks and
// storage: image-library.server.ts). GET: the library's images, filtered by `?q=`.

import { uploadImage } from "~/capabilities/media/image-library.server";
import { matchesImageSearch } from "~/capabilities/media/image-metadata";
import { listLibraryImages } from "~/capabilities/media/image-records.server";
import {
  imageTooLargeMessage,
  maxImageBytes,
  maxUploadBodyBytes,
} from "~/capabilities/media/image-rules";
import { handleAdminApi } from "~/capabilities/workspace/gate.server";
import { ApiError } from "~/platform/http/api.server";
import type { Route } from "./+types/api-images";

export function loader(args: Route.LoaderArgs) {
  return handleAdminApi(args, { methods: ["GET"] }, async ({ db }) => {
    const query = new URL(args.request.url).searchParams.get("q")?.trim().slice(0, 200) ?? "";
    const images = await listLibraryImages(db);
    return Response.json({
      images: query ? images.filter((image) => matchesImageSearch(image, query)) : images,
    });
  });
}

export async function action(args: Route.ActionArgs) {
  return handleAdminApi(args, { methods: ["POST"] }, async (app) => {
    const { request } = args;
    if (!/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) {
      throw new ApiError(415, "Send the image as a multipart form (multipart/form-data)");
    }
    if (Number(request.headers.get("content-length") ?? 0) > maxUploadBodyBytes) {
      throw new ApiError(413, imageTooLargeMessage);
    }
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new ApiError(400, "The upload could not be read. Please choose the file again.");
    }
    const file = form.get("image");
    if (!(file instanceof File) || file.size === 0) {
      throw new ApiError(400, "Choose an image file to upload");
    }
    if (file.size > maxImageBytes) throw new ApiError(413, imageTooLargeMessage);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { duplicate, message, image } = await uploadImage(app, { bytes, fileName: file.name });
    return Response.json({ message, duplicate, image }, { status: duplicate ? 200 : 201 });
  });
}
