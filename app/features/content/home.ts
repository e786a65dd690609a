// The slice of the content document the home page layouts show, so a home page does not send the
// whole document (legal texts, service details) to the browser.
import type { SiteContent } from "./schema";

export type HomeContent = ReturnType<typeof pickHomeContent>;

export function pickHomeContent(content: SiteContent) {
  return {
    general: {
      companyName: content.general.companyName,
      tagline: content.general.tagline,
      description: content.general.description,
    },
    hero: content.hero,
    about: {
      heading: content.about.heading,
      description: content.about.description,
      title: content.about.title,
      content: content.about.content,
      features: content.about.features,
      values: content.about.values,
      valuesHeading: content.about.valuesHeading,
      approach: content.about.approach,
    },
    services: {
      heading: content.services.heading,
      description: content.services.description,
      items: content.services.items.map(({ title, icon, description, benefits }) => ({
        title,
        icon,
        description,
        benefits: benefits.slice(0, 3),
      })),
      whyChoose: content.services.whyChoose,
    },
    cta: {
      heading: content.cta.heading,
      description: content.cta.description,
      buttonText: content.cta.buttonText,
      contactButtonText: content.cta.contactButtonText,
      callHeading: content.cta.callHeading,
    },
    contact: { phone: content.contact.phone, email: content.contact.email },
  };
}
