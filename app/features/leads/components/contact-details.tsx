// The contact page's side cards: how to reach the firm (Get in Touch) and its Business Hours.
import { BriefcaseBusiness, Clock, ExternalLink, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { toTelHref } from "~/platform/display-text";
import { Card, CardContent, CardHeader } from "~/ui/card";

type ContactDetails = {
  email: string;
  phone: string;
  address: string;
  hours: { days: string; hours: string }[];
  emailLabel: string;
  phoneLabel: string;
  addressLabel: string;
  profileLabel: string;
};

function DetailRow({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-tint text-primary">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</p>
        <div className="mt-0.5 break-words text-slate-800">{children}</div>
      </div>
    </li>
  );
}

// Card titles are h2 here: they sit directly under the page's h1.
const titleClass = "text-lg font-semibold leading-tight text-navy";
const linkClass = "font-medium text-navy underline-offset-4 hover:text-primary hover:underline";

/** A profile link elsewhere (the footer's profile links), named for the reader. */
export type ProfileLinkFacts = { url: string; label: string };

export function GetInTouchCard({
  contact,
  profiles,
  heading,
}: {
  contact: ContactDetails;
  profiles: readonly ProfileLinkFacts[];
  heading: string;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className={titleClass}>{heading}</h2>
      </CardHeader>
      <CardContent>
        <ul className="space-y-5">
          <DetailRow
            icon={<Mail className="size-5" aria-hidden="true" />}
            label={contact.emailLabel}
          >
            <a href={`mailto:${contact.email}`} className={linkClass}>
              {contact.email}
            </a>
          </DetailRow>
          <DetailRow
            icon={<Phone className="size-5" aria-hidden="true" />}
            label={contact.phoneLabel}
          >
            <a href={toTelHref(contact.phone)} className={linkClass}>
              {contact.phone}
            </a>
          </DetailRow>
          <DetailRow
            icon={<MapPin className="size-5" aria-hidden="true" />}
            label={contact.addressLabel}
          >
            <address className="not-italic">{contact.address}</address>
          </DetailRow>
          {profiles.length > 0 ? (
            <DetailRow
              icon={<BriefcaseBusiness className="size-5" aria-hidden="true" />}
              label={contact.profileLabel}
            >
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {profiles.map((profile) => (
                  <li key={profile.url}>
                    <a
                      href={profile.url}
                      target="_blank"
                      rel="me noopener"
                      className={`${linkClass} inline-flex items-center gap-1.5`}
                    >
                      {profile.label}
                      <ExternalLink className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </DetailRow>
          ) : null}
        </ul>
      </CardContent>
    </Card>
  );
}

export function BusinessHoursCard({
  hours,
  heading,
}: {
  hours: ContactDetails["hours"];
  heading: string;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className={`${titleClass} flex items-center gap-2`}>
          <Clock className="size-5 text-primary" aria-hidden="true" />
          {heading}
        </h2>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-border">
          {hours.map((entry) => (
            <div key={entry.days} className="flex items-baseline justify-between gap-4 py-2.5">
              <dt className="text-slate-600">{entry.days}</dt>
              <dd className="text-right font-medium text-slate-900">{entry.hours}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
