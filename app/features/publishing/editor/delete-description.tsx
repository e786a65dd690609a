// What the delete dialog of an item says: that History brings it back as a draft, and what becomes
// of each place that links to it (menus drop the link, texts lead to "page not found", redirects
// end there), each place named as the owner knows it and linked to where it is edited.

/** One place that links to the address: what it is, and where the owner edits it. */
export type LinkingPlace = { label: string; href: string };

/** The places that link to an address, by what becomes of their link when the page goes. */
export type LinksTo = {
  /** Menu links: a menu leaves out a link to a page that is not there. */
  menus: LinkingPlace[];
  /** Links in texts and blocks: they lead to "page not found". */
  texts: LinkingPlace[];
  /** Redirects that end at the address: they end on "page not found". */
  redirects: LinkingPlace[];
};

function PlaceList({ heading, places }: { heading: string; places: readonly LinkingPlace[] }) {
  if (places.length === 0) return null;
  return (
    <span className="mt-3 block">
      <span className="block font-semibold text-navy">{heading}</span>
      <span className="mt-1 block">
        {places.map((place) => (
          <a
            key={place.href + place.label}
            href={place.href}
            className="block font-medium break-words text-primary hover:underline"
          >
            {place.label}
          </a>
        ))}
      </span>
    </span>
  );
}

const count = (places: readonly unknown[], one: string, many: string) =>
  places.length === 1 ? one : many.replace("#", String(places.length));

export function DeleteDescription({
  title,
  address,
  links,
}: {
  title: string;
  /** The item's public address ("/careers"). */
  address: string;
  links: LinksTo | undefined;
}) {
  return (
    <>
      "{title}" leaves the site and this list at once, and {address} answers "page not found". You
      can restore it from History: it comes back as a draft at {address} (or at an address you
      choose, if something else uses it by then).
      {links ? (
        <>
          <PlaceList
            heading={count(
              links.menus,
              "1 menu link goes to it; the menu leaves that link out while it is gone:",
              "# menu links go to it; the menus leave those links out while it is gone:",
            )}
            places={links.menus}
          />
          <PlaceList
            heading={count(
              links.texts,
              '1 text links to it; that link will lead to "page not found":',
              '# texts link to it; those links will lead to "page not found":',
            )}
            places={links.texts}
          />
          <PlaceList
            heading={count(
              links.redirects,
              '1 redirect ends at it; it will end on "page not found" (404):',
              '# redirects end at it; they will end on "page not found" (404):',
            )}
            places={links.redirects}
          />
        </>
      ) : null}
    </>
  );
}
