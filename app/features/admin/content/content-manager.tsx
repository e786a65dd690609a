// The content manager's screen (/content): the sections the content editor leaves out, in tabs,
// with the editor's save behaviour (Save Changes, If-Match, the 409 and 401 notices, the
// unsaved-changes guard) and links to the other admin screens.
import { useState } from "react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import {
  type LoadedSections,
  loadContentSections,
  saveContentSections,
} from "~/features/admin/content/content-client";
import { ConflictNotice, SessionExpiredNotice } from "~/features/admin/content/editor-notices";
import {
  describeManagerFieldPlace,
  getManagerTabOfField,
  type ManagerSections,
  type ManagerTab,
  managerTabs,
  toManagerSections,
  validateManagerSections,
} from "~/features/admin/content/manager-model";
import { SaveActions } from "~/features/admin/content/save-actions";
import { useContentSave } from "~/features/admin/content/use-content-save";
import { useLeaveGuard } from "~/features/admin/content/use-leave-guard";
import { AdminPage } from "~/features/admin/shell/admin-shell";
import {
  BlogFields,
  BookingFields,
  CaseStudiesFields,
  CtaFields,
  FooterFields,
  LegalFields,
} from "./section-fields";

const loadManagerContent = () => loadContentSections(toManagerSections);
const saveManagerContent = (sections: ManagerSections, version: number) =>
  saveContentSections(sections, version, toManagerSections);

export function ContentManager({ initial }: { initial: LoadedSections<ManagerSections> }) {
  const [tab, setTab] = useState<ManagerTab>("cta");
  const { sections, setSections, saving, reloading, problem, errors, dirty, save, reload } =
    useContentSave({
      initial,
      validate: validateManagerSections,
      load: loadManagerContent,
      store: saveManagerContent,
      showField: (path) => setTab(getManagerTabOfField(path)),
      describeField: describeManagerFieldPlace,
    });
  useLeaveGuard(dirty);

  const update = <Name extends keyof ManagerSections>(name: Name, value: ManagerSections[Name]) =>
    setSections((current) => ({ ...current, [name]: value }));

  return (
    <AdminPage title="Content Manager">
      {problem ? (
        <div className="grid gap-3">
          {problem === "conflict" ? (
            <ConflictNotice
              busy={saving || reloading}
              onReload={reload}
              onOverwrite={() => save({ overwrite: true })}
            />
          ) : (
            <SessionExpiredNotice />
          )}
        </div>
      ) : null}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card className="min-w-0 lg:col-start-1 lg:row-start-1">
          <CardHeader>
            <h2 className="text-lg font-semibold leading-tight">More Website Content</h2>
            <CardDescription>
              The rest of your website's text: banners, footer, booking, blog, case studies and
              legal pages. Company details, home, about, services and contact are in the{" "}
              <Link to="/edit" className="font-medium text-primary underline underline-offset-2">
                Content Editor
              </Link>
              .
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs value={tab} onValueChange={(value) => setTab(value as ManagerTab)}>
              <TabsList className="h-auto w-full flex-wrap">
                {managerTabs.map((entry) => (
                  <TabsTrigger key={entry.value} value={entry.value}>
                    {entry.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              <TabsContent value="cta">
                <CtaFields
                  value={sections.cta}
                  onChange={(value) => update("cta", value)}
                  errors={errors}
                />
              </TabsContent>
              <TabsContent value="footer">
                <FooterFields
                  value={sections.footer}
                  onChange={(value) => update("footer", value)}
                  errors={errors}
                />
              </TabsContent>
              <TabsContent value="booking">
                <BookingFields
                  value={sections.booking}
                  onChange={(value) => update("booking", value)}
                  errors={errors}
                />
              </TabsContent>
              <TabsContent value="blog">
                <BlogFields
                  value={sections.blog}
                  onChange={(value) => update("blog", value)}
                  errors={errors}
                />
              </TabsContent>
              <TabsContent value="caseStudies">
                <CaseStudiesFields
                  value={sections.caseStudies}
                  onChange={(value) => update("caseStudies", value)}
                  errors={errors}
                />
              </TabsContent>
              <TabsContent value="legal">
                <LegalFields
                  value={sections.legal}
                  onChange={(value) => update("legal", value)}
                  errors={errors}
                />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
        <SaveActions
          headingId="manager-actions-heading"
          saving={saving}
          dirty={dirty}
          onSave={() => save()}
        />
      </div>
    </AdminPage>
  );
}
