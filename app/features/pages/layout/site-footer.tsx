// The site footer: company details and profile links, the quick links, service links from the
// services list, the newsletter field, the bottom links and the copyright line. Headings, texts
// and links come from the content.
import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import type { ShellContent } from "~/features/content/shell";
import { NewsletterForm } from "~/features/newsletter/components/newsletter-form";
import { toTelHref } from "~/platform/display-text";
import { SiteLogo } from "~/ui/site-logo";
import { MenuLink } from "./menu-link";
import type { ResolvedNavigation } from "./menu-model";
import { ProfileIcon } from "./profile-icon";

const linkClass = "text-sm text-slate-300 transition-colors hover:text-white";

export function SiteFooter({
  shell,
  navigation,
}: {
  shell: ShellContent;
  navigation: ResolvedNavigation;
}) {
  return (
    <footer className="bg-navy text-navy-foreground">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-12 lg:px-8">
        <div className="space-y-5 lg:col-span-4">
          <SiteLogo name={shell.companyName} logo={shell.logo} inverse />
          <p className="max-w-sm text-sm leading-relaxed text-slate-300">
            {shell.footerDescription}
          </p>
          <ul className="space-y-3 text-sm">
            <li>
              <a
                href={`mailto:${shell.contact.email}`}
                className={`${linkClass} inline-flex items-center gap-3`}
              >
                <Mail className="size-4 text-accent-light" aria-hidden="true" />
                {shell.contact.email}
              </a>
            </li>
            <li>
              <a
                href={toTelHref(shell.contact.phone)}
                className={`${linkClass} inline-flex items-center gap-3`}
              >
                <Phone className="size-4 text-accent-light" aria-hidden="true" />
                {shell.contact.phone}
              </a>
            </li>
            <li className="flex items-start gap-3 text-slate-300">
              <MapPin className="mt-0.5 size-4 shrink-0 text-accent-light" aria-hidden="true" />
              <span>{shell.contact.address}</span>
            </li>
          </ul>
          {navigation.profiles.length > 0 ? (
            <ul aria-label="Profiles" className="flex flex-wrap gap-2">
              {navigation.profiles.map((profile) => (
                <li key={profile.url}>
                  {/* rel="me" lets a profile (Mastodon's among them) verify the link back. */}
                  <a
                    href={profile.url}
                    target="_blank"
                    rel="me noopener"
                    className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                  >
                    <ProfileIcon icon={profile.icon} className="size-5" />
                    <span className="sr-only">{profile.label}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav aria-labelledby="footer-quick-links" className="lg:col-span-2">
          <h2
            id="footer-quick-links"
            className="text-sm font-semibold uppercase tracking-wider text-white"
          >
            {shell.footerLinks.quickLinksHeading}
          </h2>
          <ul className="mt-4 space-y-2.5">
            {navigation.quickLinks.map((link, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the list never reorders in place.
              <li key={index}>
                <MenuLink link={link} className={linkClass} />
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-services" className="lg:col-span-3">
          <h2
            id="footer-services"
            className="text-sm font-semibold uppercase tracking-wider text-white"
          >
            {shell.footerLinks.servicesHeading}
          </h2>
          <ul className="mt-4 space-y-2.5">
            {shell.services.map((service) => (
              <li key={service.slug}>
                <Link to={`/services/${service.slug}`} className={linkClass}>
                  {service.title}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to="/services"
                className="text-sm font-semibold text-accent-light hover:text-white"
              >
                {shell.footerLinks.viewAllServicesText}
              </Link>
            </li>
          </ul>
        </nav>
        {/* Not a region: the blog's newsletter block is the page's "Stay Informed" region, and
            two regions of one name confuse landmark navigation. The footer is its landmark. */}
        <div className="md:col-span-2 lg:col-span-3">
          <h2
            id="footer-newsletter"
            className="text-sm font-semibold uppercase tracking-wider text-white"
          >
            {shell.newsletter.heading}
          </h2>
          <p className="mt-4 text-sm leading-relaxed text-slate-300">
            {shell.newsletter.description}
          </p>
          <NewsletterForm className="mt-4" inverse stacked />
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-slate-400 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>{shell.copyright}</p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {navigation.bottomLinks.map((link, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the list never reorders in place.
                <li key={index}>
                  <MenuLink link={link} className="hover:text-white" />
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
