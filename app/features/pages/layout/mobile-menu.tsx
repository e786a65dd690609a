// The mobile navigation panel: the header's links, an expandable Services list (a <details>
// disclosure until JavaScript takes over), the booking button, contact details and, for a
// signed-in admin, the Admin Tools links.
import { BriefcaseBusiness, ChevronDown, FileText, Image, Mail, Phone } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import type { ShellContent } from "~/features/content/shell";
import { getProfileLabel, toTelHref } from "~/features/content/text";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/hooks/use-hydrated";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "block rounded-md px-3 py-3 text-base font-medium hover:bg-muted",
    isActive ? "text-primary" : "text-slate-800",
  );

const servicesToggleClass =
  "flex w-full items-center justify-between rounded-md px-3 py-3 text-left text-base font-medium text-slate-800 hover:bg-muted";

function ServiceLinks({ services }: { services: ShellContent["services"] }) {
  return (
    <ul id="mobile-services" className="ml-3 space-y-1 border-l border-border pl-3">
      {services.map((service) => (
        <li key={service.slug}>
          <Link
            to={`/services/${service.slug}`}
            className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-muted"
          >
            {service.title}
          </Link>
        </li>
      ))}
      <li>
        <Link
          to="/services"
          className="block rounded-md px-3 py-2 text-sm font-semibold text-primary hover:bg-muted"
        >
          View All Services
        </Link>
      </li>
    </ul>
  );
}

export function MobileMenu({
  shell,
  isAdmin,
  onClose,
}: {
  shell: ShellContent;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const [servicesOpen, setServicesOpen] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [onClose]);

  return (
    <nav
      id="mobile-menu"
      aria-label="Mobile"
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-white px-4 pb-6 pt-2 shadow-lg lg:hidden"
    >
      <ul className="space-y-1">
        <li>
          <NavLink to="/" end className={itemClass}>
            Home
          </NavLink>
        </li>
        <li>
          {hydrated ? (
            <>
              <button
                type="button"
                className={servicesToggleClass}
                aria-expanded={servicesOpen}
                aria-controls="mobile-services"
                onClick={() => setServicesOpen((open) => !open)}
              >
                Services
                <ChevronDown
                  className={cn("size-5 transition-transform", servicesOpen && "rotate-180")}
                  aria-hidden="true"
                />
              </button>
              {servicesOpen ? <ServiceLinks services={shell.services} /> : null}
            </>
          ) : (
            <details className="group/services">
              <summary
                className={cn(
                  servicesToggleClass,
                  "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
                )}
              >
                Services
                <ChevronDown
                  className="size-5 transition-transform group-open/services:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <ServiceLinks services={shell.services} />
            </details>
          )}
        </li>
        <li>
          <NavLink to="/about" className={itemClass}>
            About
          </NavLink>
        </li>
        <li>
          <NavLink to="/blog" className={itemClass}>
            Blog
          </NavLink>
        </li>
        <li>
          <NavLink to="/contact" className={itemClass}>
            Contact
          </NavLink>
        </li>
      </ul>
      <Button asChild size="lg" className="mt-4 w-full">
        <Link to="/booking">Book a Consultation</Link>
      </Button>
      <div className="mt-6 space-y-3 border-t border-border pt-5 text-sm text-slate-700">
        <a
          href={toTelHref(shell.contact.phone)}
          className="flex items-center gap-3 hover:text-primary"
        >
          <Phone className="size-4 text-primary" aria-hidden="true" />
          {shell.contact.phone}
        </a>
        <a
          href={`mailto:${shell.contact.email}`}
          className="flex items-center gap-3 hover:text-primary"
        >
          <Mail className="size-4 text-primary" aria-hidden="true" />
          {shell.contact.email}
        </a>
        <a
          href={shell.contact.profileUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="flex items-center gap-3 hover:text-primary"
        >
          <BriefcaseBusiness className="size-4 text-primary" aria-hidden="true" />
          {getProfileLabel(shell.contact.profileUrl)}
        </a>
      </div>
      {isAdmin ? (
        <section aria-labelledby="admin-tools-heading" className="mt-6 border-t border-border pt-5">
          <h2
            id="admin-tools-heading"
            className="px-3 text-xs font-semibold uppercase tracking-wider text-slate-500"
          >
            Admin Tools
          </h2>
          <ul className="mt-2 space-y-1">
            <li>
              <Link
                to="/images"
                className="flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-muted"
              >
                <Image className="size-4 text-primary" aria-hidden="true" />
                Manage Images
              </Link>
            </li>
            <li>
              <Link
                to="/content"
                className="flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-muted"
              >
                <FileText className="size-4 text-primary" aria-hidden="true" />
                Content Manager
              </Link>
            </li>
          </ul>
        </section>
      ) : null}
    </nav>
  );
}
