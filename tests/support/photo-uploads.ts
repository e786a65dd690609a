// Uploading photo-like JPEGs through the admin API and publishing them as an article's cover and
// inline images and as a case study's image (issue 18), as an editor would.
import type { ArticleInput, CaseStudyInput } from "~/features/publishing/schema";
import { makePhotoJpeg } from "../../scripts/photos";
import { uploadImage } from "./image-upload";
import { article } from "./publications";

export type AdminClient = { url: string; cookie: string };

/** Uploads a JPEG of this size; answers its address (/images/uploads/<id>.jpg). */
export async function uploadPhoto(
  admin: AdminClient,
  width: number,
  height: number,
  name: string,
): Promise<string> {
  const bytes = await makePhotoJpeg(width, height, width + height);
  return uploadImage(admin.url, admin.cookie, { bytes, name, type: "image/jpeg" });
}

export async function publish(
  admin: AdminClient,
  kind: "articles" | "case-studies",
  input: ArticleInput | CaseStudyInput,
): Promise<void> {
  const response = await fetch(`${admin.url}/api/admin/${kind}`, {
    method: "POST",
    body: JSON.stringify(input),
    headers: { origin: admin.url, cookie: admin.cookie, "content-type": "application/json" },
  });
  if (response.status !== 201)
    throw new Error(`publish: ${response.status} ${await response.text()}`);
}

export function caseStudy(overrides: Partial<CaseStudyInput> = {}): CaseStudyInput {
  return {
    slug: "warehouse-network-refresh",
    status: "published",
    publishAt: "",
    title: "A Warehouse Network Refresh",
    description: "Wireless that reaches every aisle.",
    industry: "Logistics",
    client: "Northline Freight",
    challenge: "Scanners dropped off the network between aisles.",
    approach: ["Surveyed the site", "Replaced the access points"],
    results: [{ value: "0", label: "dropped scans a week" }],
    testimonial: { quote: "Quiet at last.", name: "Lee Park", role: "COO", company: "Northline" },
    imageUrl: "",
    imageAlt: "",
    seoDescription: "",
    body: "<p>The story.</p>",
    ...overrides,
  };
}

/** What publishPhotoPages made: addresses of the uploads and of the pages that show them. */
export type PhotoPages = {
  cover: string;
  inline: string;
  studyImage: string;
  articlePath: string;
  studyPath: string;
};

/**
 * A 2400 px cover and a 1200 px inline image (one full-width figure, one inline) on a published
 * article, and a 2000 px image on a published case study whose story shows the cover again.
 */
export async function publishPhotoPages(admin: AdminClient): Promise<PhotoPages> {
  const cover = await uploadPhoto(admin, 2400, 1600, "server-room.jpg");
  const inline = await uploadPhoto(admin, 1200, 800, "patch-panel.jpg");
  const studyImage = await uploadPhoto(admin, 2000, 1334, "warehouse.jpg");
  await publish(
    admin,
    "articles",
    article({
      slug: "racks-that-stay-cool",
      title: "Racks That Stay Cool",
      imageUrl: cover,
      imageAlt: "A server room with two rows of racks",
      body: `<p>Start with the airflow.</p><figure data-size="full"><img src="${inline}" alt="A patch panel, labelled" width="1200" height="800" /><figcaption>Label both ends.</figcaption></figure><p>Then the cables.</p><figure data-size="inline"><img src="${inline}" alt="The same panel, close" width="1200" height="800" /></figure><p>And the doors.</p>`,
    }),
  );
  await publish(
    admin,
    "case-studies",
    caseStudy({
      imageUrl: studyImage,
      imageAlt: "Aisles of a warehouse",
      body: `<p>The aisles.</p><figure data-size="full"><img src="${cover}" alt="The new racks" width="2400" height="1600" /></figure>`,
    }),
  );
  return {
    cover,
    inline,
    studyImage,
    articlePath: "/blog/racks-that-stay-cool",
    studyPath: "/case-studies/warehouse-network-refresh",
  };
}
