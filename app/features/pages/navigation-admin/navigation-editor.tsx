// The Navigation screen's form: the header menu (items in order, links under an item, the Services
// menu filled from the services, with links of the owner's after them), the booking button, and
// the footer's quick links, bottom links and profile links. Saved as the content's navigation
// section with the version loaded.
import { useId, useState } from "react";
import { ConflictNotice, SessionExpiredNotice } from "~/capabilities/workspace/editor-notices";
import { TextField } from "~/capabilities/workspace/fields";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { useLeaveGuard } from "~/capabilities/workspace/shell/use-leave-guard";
import {
  type LoadedSections,
  loadContentSections,
  saveContentSections,
} from "~/features/content/editor/content-client";
import { SaveActions } from "~/features/content/editor/save-actions";
import { useContentSave } from "~/features/content/editor/use-content-save";
import {
  guessProfileNetwork,
  type HeaderItem,
  maxChildren,
  maxFooterLinks,
  maxHeaderItems,
  maxProfiles,
  type Navigation,
  type NavLink,
  navigationSchema,
  type ProfileLink,
  profileNetworkNames,
  profileNetworks,
} from "~/features/content/navigation";
import type { SiteContent } from "~/features/content/schema";
import { type FieldErrors, toFieldErrors } from "~/platform/field-errors";
import { z } from "~/platform/zod";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import { LinkFields, type TargetFacts } from "./link-fields";
import type { PageTitles } from "./navigation-admin.server";
import { OrderedList } from "./ordered-list";

type Sections = { navigation: Navigation };

const sectionsSchema = z.object({ navigation: navigationSchema });
const select = (content: SiteContent): Sections => ({ navigation: content.navigation });

function validate(sections: Sections) {
  const result = sectionsSchema.safeParse(sections);
  return result.success
    ? { ok: true as const, data: result.data }
    : { ok: false as const, errors: toFieldErrors(result.error.issues) };
}

const listNames: Record<string, string> = {
  header: "Header menu",
  children: "link",
  cta: "Booking button",
  quickLinks: "Quick links",
  bottomLinks: "Bottom links",
  profiles: "Profile links",
};

/** Where a field is, for the save toast: "Header menu, item 3, link 1". */
function describeField(path: string): string {
  const parts = path.split(".").slice(1);
  const words: string[] = [];
  for (let index = 0; index < parts.length; index++) {
    const name = listNames[parts[index] ?? ""];
    if (!name) continue;
    const position = Number(parts[index + 1]);
    if (name === "link") words.push(`link ${position + 1}`);
    else words.push(Number.isInteger(position) ? `${name}, item ${position + 1}` : name);
  }
  return words.join(", ") || "Navigation";
}

const newLink = (): NavLink => ({ label: "", target: { type: "page", kind: "", id: "" } });

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <Card>
        <CardHeader>
          <h2 id={headingId} className="text-lg font-semibold leading-tight">
            {title}
          </h2>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

/** The links under a header item, in order; for the Services menu, after the services. */
function ChildLinks({
  path,
  parent,
  links,
  onChange,
  errors,
  facts,
}: {
  path: string;
  parent: string;
  links: NavLink[];
  onChange: (links: NavLink[]) => void;
  errors: FieldErrors;
  facts: TargetFacts;
}) {
  return (
    <div className="grid min-w-0 gap-2 border-t border-border pt-3">
      {links.length > 0 ? <h3 className="text-sm font-semibold">Links under {parent}</h3> : null}
      <OrderedList
        path={`${path}.children`}
        items={links}
        onChange={onChange}
        itemName="Link"
        nameItem={(child) => child.label}
        create={newLink}
        max={maxChildren}
        addLabel={`Add a link under ${parent}`}
        emptyText=""
        nested
        renderItem={(child, index, update) => (
          <LinkFields
            path={`${path}.children.${index}`}
            link={child}
            onChange={update}
            errors={errors}
            facts={facts}
          />
        )}
      />
    </div>
  );
}

function HeaderItemFields({
  path,
  item,
  onChange,
  errors,
  facts,
}: {
  path: string;
  item: HeaderItem;
  onChange: (item: HeaderItem) => void;
  errors: FieldErrors;
  facts: TargetFacts;
}) {
  const children = (
    <ChildLinks
      path={path}
      parent={item.label || "this item"}
      links={item.children}
      onChange={(links) => onChange({ ...item, children: links })}
      errors={errors}
      facts={facts}
    />
  );
  if (item.type === "services") {
    return (
      <div className="grid min-w-0 gap-4">
        <TextField
          path={`${path}.label`}
          label="Menu text"
          hint="Opens a list of every service, then the links you add here, then View All Services: it follows your services."
          value={item.label}
          error={errors[`${path}.label`]}
          onValueChange={(label) => onChange({ ...item, label })}
        />
        {children}
      </div>
    );
  }
  return (
    <div className="grid min-w-0 gap-4">
      <LinkFields
        path={path}
        link={item}
        onChange={(link) => onChange({ ...item, ...link })}
        errors={errors}
        facts={facts}
        labelName="Menu text"
      />
      {children}
    </div>
  );
}

function ProfileFields({
  path,
  profile,
  onChange,
  errors,
}: {
  path: string;
  profile: ProfileLink;
  onChange: (profile: ProfileLink) => void;
  errors: FieldErrors;
}) {
  const selectId = `${path.replace(/[^\w-]/g, "-")}-network`;
  return (
    <div className="grid min-w-0 gap-4 sm:grid-cols-2">
      <TextField
        path={`${path}.url`}
        label="Profile address"
        value={profile.url}
        error={errors[`${path}.url`]}
        inputMode="url"
        placeholder="https://"
        onValueChange={(url) =>
          onChange({
            ...profile,
            url,
            // The icon follows the address until the owner picks one.
            network:
              profile.network === guessProfileNetwork(profile.url)
                ? guessProfileNetwork(url)
                : profile.network,
          })
        }
      />
      <div className="grid gap-2">
        <Label htmlFor={selectId}>Icon</Label>
        <NativeSelect
          id={selectId}
          value={profile.network}
          onChange={(event) =>
            onChange({ ...profile, network: event.target.value as ProfileLink["network"] })
          }
        >
          {profileNetworks.map((network) => (
            <option key={network} value={network}>
              {network === "other" ? "Other (a globe)" : profileNetworkNames[network]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <TextField
        path={`${path}.label`}
        label="Name read out for the icon"
        hint={`Empty: “${profileNetworkNames[profile.network]}”.`}
        value={profile.label}
        error={errors[`${path}.label`]}
        onValueChange={(label) => onChange({ ...profile, label })}
      />
    </div>
  );
}

export function NavigationEditor({
  initial,
  titles: loadedTitles,
  missing: loadedMissing,
}: {
  initial: LoadedSections<Sections>;
  titles: PageTitles;
  missing: string[];
}) {
  const [titles, setTitles] = useState(loadedTitles);
  const { sections, setSections, saving, reloading, problem, errors, dirty, save, reload } =
    useContentSave({
      initial,
      validate,
      load: () => loadContentSections(select),
      store: (value, version) => saveContentSections(value, version, select),
      showField: () => {},
      describeField,
    });
  useLeaveGuard(dirty);
  const facts: TargetFacts = {
    titles,
    missing: new Set(loadedMissing),
    onChosen: (key, page) => setTitles((current) => ({ ...current, [key]: page })),
  };
  const navigation = sections.navigation;
  const change = (part: Partial<Navigation>) =>
    setSections((current) => ({ navigation: { ...current.navigation, ...part } }));
  const linkList = (key: "quickLinks" | "bottomLinks", addLabel: string) => (
    <OrderedList
      path={`navigation.${key}`}
      items={navigation[key]}
      onChange={(links) => change({ [key]: links })}
      itemName="Link"
      nameItem={(link) => link.label}
      create={newLink}
      max={maxFooterLinks}
      addLabel={addLabel}
      emptyText="No links."
      renderItem={(link, index, update) => (
        <LinkFields
          path={`navigation.${key}.${index}`}
          link={link}
          onChange={update}
          errors={errors}
          facts={facts}
        />
      )}
    />
  );
  const hasServices = navigation.header.some((item) => item.type === "services");

  return (
    <AdminPage
      title="Navigation"
      description="The menus on every page of your website: the header, its booking button and the footer."
    >
      {problem ? (
        <div className="grid gap-3">
          {problem === "conflict" ? (
            <ConflictNotice
              busy={saving || reloading}
              onReload={reload}
              onOverwrite={() => save({ overwrite: true })}
            />
          ) : null}
          {problem === "session-expired" ? <SessionExpiredNotice /> : null}
        </div>
      ) : null}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-start-1">
          <Section
            title="Header menu"
            description="The items across the top of every page, in order; on phones, the menu panel shows the same. Links under an item open from it."
          >
            <OrderedList
              path="navigation.header"
              items={navigation.header}
              onChange={(header) => change({ header })}
              itemName="Item"
              nameItem={(item) => item.label}
              create={(): HeaderItem => ({ type: "link", ...newLink(), children: [] })}
              max={maxHeaderItems}
              addLabel="Add a menu item"
              emptyText="The header shows no menu."
              renderItem={(item, index, update) => (
                <HeaderItemFields
                  path={`navigation.header.${index}`}
                  item={item}
                  onChange={update}
                  errors={errors}
                  facts={facts}
                />
              )}
            />
            {!hasServices && navigation.header.length < maxHeaderItems ? (
              <Button
                type="button"
                variant="outline"
                className="mt-3"
                onClick={() =>
                  change({
                    header: [
                      ...navigation.header,
                      { type: "services", label: "Services", children: [] },
                    ],
                  })
                }
              >
                Add the Services menu
              </Button>
            ) : null}
          </Section>
          <Section
            title="Booking button"
            description="The button at the right of the header and at the foot of the phone menu."
          >
            <LinkFields
              path="navigation.cta"
              link={navigation.cta}
              onChange={(cta) => change({ cta })}
              errors={errors}
              facts={facts}
              labelName="Button text"
            />
          </Section>
          <Section
            title="Footer quick links"
            description="The footer's first list of links. The services list beside it follows your services."
          >
            {linkList("quickLinks", "Add a quick link")}
          </Section>
          <Section
            title="Footer bottom links"
            description="The small links beside the copyright line."
          >
            {linkList("bottomLinks", "Add a bottom link")}
          </Section>
          <Section
            title="Profile links"
            description="Icons under your contact details linking to your profiles elsewhere (LinkedIn, Mastodon...)."
          >
            <OrderedList
              path="navigation.profiles"
              items={navigation.profiles}
              onChange={(profiles) => change({ profiles })}
              itemName="Profile"
              nameItem={(profile) => profile.label || profileNetworkNames[profile.network]}
              create={(): ProfileLink => ({ network: "other", url: "", label: "" })}
              max={maxProfiles}
              addLabel="Add a profile"
              emptyText="No profile icons."
              renderItem={(profile, index, update) => (
                <ProfileFields
                  path={`navigation.profiles.${index}`}
                  profile={profile}
                  onChange={update}
                  errors={errors}
                />
              )}
            />
          </Section>
        </div>
        <SaveActions
          headingId="navigation-actions-heading"
          saving={saving}
          dirty={dirty}
          onSave={() => save()}
        />
      </div>
    </AdminPage>
  );
}
