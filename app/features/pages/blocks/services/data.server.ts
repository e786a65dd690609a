// The services block's data: each service's card, read from the site's content.
import { toSlug } from "~/platform/slug";
import type { BlockData } from "../block-data";
import type { ServicesBlockData } from "./view";

export const servicesData = {
  load: ({ content, shown }) =>
    shown
      ? content.services.items.map(({ title, icon, description }) => ({
          slug: toSlug(title),
          title,
          icon,
          description,
        }))
      : [],
} satisfies BlockData<"services", ServicesBlockData>;
