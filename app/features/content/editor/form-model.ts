// A content form built from the field table: which sections it edits, how it reads and validates
// them (errors keyed by content path), which tab shows a field. The editor and the Content Manager
// are two instances of it, so they behave the same.
import type { z } from "zod";
import { contentSchema, type SiteContent } from "~/features/content/schema";
import { type FieldErrors, toFieldErrors } from "~/platform/field-errors";
import {
  describeFieldPlace,
  editorSectionSpecs,
  managerSectionSpecs,
  type SectionName,
  type SectionSpec,
} from "./content-fields";
import { toEditorSections } from "./form-rules";

export type ContentFormModel<Sections> = {
  /** Names the form's drafts in the browser. */
  id: string;
  specs: ReadonlyArray<SectionSpec>;
  select: (content: SiteContent) => Sections;
  validate: (
    sections: Sections,
  ) => { ok: true; data: Sections } | { ok: false; errors: FieldErrors };
  /** The section (tab) that shows a field. */
  getTabOfField: (path: string) => string;
  describeField: (path: string) => string;
};

function createContentFormModel<Name extends SectionName>(
  id: string,
  specs: ReadonlyArray<SectionSpec<Name>>,
  prepare?: (content: Pick<SiteContent, Name>) => Pick<SiteContent, Name>,
): ContentFormModel<Pick<SiteContent, Name>> {
  const names = specs.map((spec) => spec.section);
  const mask = Object.fromEntries(names.map((name) => [name, true])) as { [N in Name]: true };
  // zod's pick keeps the sections' own types; the cast names the result for TypeScript.
  const schema = contentSchema.pick(mask as never) as unknown as z.ZodType<Pick<SiteContent, Name>>;
  const pickSections = (content: Pick<SiteContent, Name>) =>
    Object.fromEntries(names.map((name) => [name, content[name]])) as Pick<SiteContent, Name>;
  return {
    id,
    specs: specs as ReadonlyArray<SectionSpec>,
    select: (content) => (prepare ? prepare(pickSections(content)) : pickSections(content)),
    validate(sections) {
      const result = schema.safeParse(sections);
      return result.success
        ? { ok: true, data: result.data }
        : { ok: false, errors: toFieldErrors(result.error.issues) };
    },
    getTabOfField(path) {
      const section = path.split(".")[0] as Name;
      return names.includes(section) ? section : (names[0] ?? "");
    },
    describeField: describeFieldPlace,
  };
}

type EditorName = (typeof editorSectionSpecs)[number]["section"];
type ManagerName = (typeof managerSectionSpecs)[number]["section"];
export type EditorSections = Pick<SiteContent, EditorName>;

/** The content editor's tabs: General, Home, About, Services, Contact. */
export const editorForm = createContentFormModel<EditorName>(
  "editor",
  editorSectionSpecs,
  toEditorSections,
);

/** The Content Manager: every section the editor leaves out. */
export const managerForm = createContentFormModel<ManagerName>("manager", managerSectionSpecs);
