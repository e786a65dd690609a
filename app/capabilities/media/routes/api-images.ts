// POST /api/admin/images: uploads an image to the media library (admin only, same origin, a
// multipart form with the file in "image"). PNG, JPEG and WebP (and HEIC where sharp decodes it),
// told by their magic bytes, at most 25 MB and 40 megapixels; decoded, turned upright, scaled to a
// 2560 px long edge and stripped of EXIF, XMP and IPTC by sharp, then stored in the database (every
// instance serves it, every backup holds it) under a random name with the name it was uploaded
// under, and answered 201 with the library's view of it, or not stored at all (507 JSON when the
// database has no room). The same bytes uploaded again store nothing: the answer is
// 200 with `duplicate: true` and the image already in the library.
// GET /api/admin/images: the library's images (uploads with their names, alt texts and focal
// points), filtered by `?q=` over names and alt texts.

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
