// The Brand screen's form as a browser without JavaScript posts it: every field, the built-in
// logo and icon and the default colours and fonts unless a test says otherwise.
import { defaultBrand } from "~/features/content/brand-schema";

export const emptyBrandForm = {
  logoUrl: "",
  iconUrl: "",
  primaryColor: defaultBrand.primaryColor,
  accentColor: defaultBrand.accentColor,
  headingFont: "inter",
  bodyFont: "inter",
  googleVerification: "",
  bingVerification: "",
};

/** Posts the form with these fields changed; answers the server's response as it is. */
export function postBrandForm(
  siteUrl: string,
  cookie: string,
  fields: Partial<typeof emptyBrandForm>,
): Promise<Response> {
  return fetch(`${siteUrl}/admin/brand`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: siteUrl, cookie },
    body: new URLSearchParams({ ...emptyBrandForm, ...fields }).toString(),
    redirect: "manual",
  });
}
