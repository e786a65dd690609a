// Landed migrations are never edited: a site that ran the old text keeps its schema, and its backups
// would no longer restore into a fresh database. Each landed file's sha256 is held here.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const folder = fileURLToPath(new URL("../../migrations/", import.meta.url));

/** Every migration, with its hash: add a new one here; once it has landed, never change a line. */
const landed: Record<string, string> = {
  "0001_foundation.ts": "30444f584a4745ff3cb216f73989b626b953059bba7a8ccdb974e2a960fcb40b",
  "0002_rate_limits.ts": "9ab27cae76b25afec0de7ace8aef0e534a8fe6080689ff9840401afe97de7f66",
  "0003_leads.ts": "54987b103c96b2dd069bd38e733bdb4a75d8bd7b2e64527b2fe93bd3603ff007",
  "0004_admin_security.ts": "fc310eeabf49d0eaaee01b2e057a6ddf1af4e4baf61dbc34ce19a699b9aaffeb",
  "0005_data_versions.ts": "bd74c3bf78d99653b73ceb4b99b202aadce96b1c99cbb1728660013b5967de18",
  "0006_admin_workspace.ts": "267ace6b4706b08192eefb17947ee20eba3550e59b7c9661bb24e19499878f3c",
  "0007_publishing.ts": "6744f91b49329e0dd0f459b2be5afd82495278516a733414490005fc9e7dde4e",
  "0008_resilience.ts": "a72cfd82c5fe8306fd94672f9a15014d8136ca0878ef31548307c55aaf908cc1",
  "0009_spam_folder.ts": "390186ac57b63a64db67876e9236726f4dbc87d32365118577d10e0c9919907f",
  "0010_image_metadata.ts": "bad66b25aee2b82025887b573cea1cf0742f179c7d151590c31229c6b0ec2559",
  "0011_site_settings.ts": "e37498ad9ea28aab56a7cf8d301562b13cfb0ef61ae360c641d5a286fe17bca8",
  "0012_image_blobs.ts": "c5379066b25c0a6ffadd7342e294783d812facc01eec90629f74fec1345808e4",
  "0013_lead_inbox.ts": "785016a8490716305d997bb0068dbc15782c163b5bce8252e2925e9e3ebc83d5",
  "0014_newsletters.ts": "cd27e217209bde232cfcfe0a79de2b25e818c367364b84c8a39399d9b85d7714",
  "0015_admin_roles.ts": "5e429467d2ccf72007c6a17892745e9e8b959d6a2afbb603746b89e9d96bbc91",
  "0016_two_factor.ts": "3c1e4e128fc75893bd89e6c3e07a413077c6ab7894023a6eebdd5ad458c188dc",
  "0017_admin_email_links.ts": "8fc76ae9626a0cb516b33fa3da2c00ea61b54aa2fe89d7d7d0d502156b9ae6c5",
  "0018_newsletter_schema_repair.ts":
    "ab63db5bd7d50cf0c4ed8f151a2bbe9ce200fc89ea74d4a9c0b6831b7fa7416a",
  "0019_upload_originals_and_mail_sender.ts":
    "950f806822e5d92aae999dbdf25dd3cf807f51584385a0588aa518f114fc60a4",
  "0020_pages.ts": "7386060c90fa01207f62c4142199b98c443f52ef204c08bfbde7f48c958cba96",
  "0025_redirects.ts": "ae2a0402b632f6a56efbcc371549b97781948295e317d42b0232b9c4729db04b",
  "0026_insights.ts": "01cb263d9b0c575b9700000bea3ef98a8e3f98effdfb4e8d44638916fc76b7d7",
  "0029_redirect_query.ts": "799b2bc5edaa3d374d6adad8a2be0a6f368d22ca190fd891435d78eb139968cb",
  "0031_conversion_visitors.ts": "a46052a70d117ddf092fbe928a114457cd25f079aa8d4bfd34815124cd9ca12b",
  "0032_missing_addresses_trim.ts":
    "361e9e9e87d6ce4c1c147fdf48d6fbef6ce14395cd7c9a57874316223ba4a155",
  "0033_visit_rollups.ts": "6618af6d46b9bb0c80bd8409702e7fbb09cfa1bf26158fe0715ddc7e243afa08",
  "0034_newsletter_schedule_bounces.ts":
    "b2ad8b3f65a7bbf1591e99a2a8bba515212df3dceb52d8cb9a0013cdc98d74b8",
  "0035_newsletter_topics.ts": "4191de94efe67a71448bc73ad3911c26b5b0fab46953c80e8e359c628951f344",
  "0036_newsletter_clicks.ts": "d4b2e95747707a66b89a29452e432ea06b48f0f9f29853042c730501e8f592d6",
  "0037_newsletter_copy_handover_index.ts":
    "aa7b58d0eaf09b46d7e5829e9dae25cbd63b5f54d3dbd168427d6f33dbd4ac53",
  "0038_data_version_rules_run.ts":
    "2e51ab3027a35f752af570ea031b2055fa297eb08cddfa968cab384814418bec",
};

/** What is wrong with a landed file, or undefined when it is as it landed. */
function checkLanded(file: string, sha256: string): string | undefined {
  const path = `${folder}${file}`;
  if (!existsSync(path)) {
    return `migrations/${file} is gone: landed migrations stay, since databases have run them`;
  }
  const actual = createHash("sha256").update(readFileSync(path)).digest("hex");
  if (actual === sha256) return undefined;
  return `migrations/${file} changed after it landed: databases that ran it keep the old schema. Put it back as it was and add a new migration for the change instead.`;
}

describe("landed migrations", () => {
  it.each(Object.entries(landed))("%s is as it landed", (file, sha256) => {
    expect(checkLanded(file, sha256)).toBeUndefined();
  });

  it("holds every migration in the folder, so none is edited unnoticed once it lands", () => {
    const files = readdirSync(folder).filter((file) => /^\d{4}_.*\.ts$/.test(file));
    expect(files.filter((file) => !(file in landed))).toEqual([]);
  });

  it("notices an edit, and says to add a migration instead", () => {
    const [file] = Object.keys(landed);
    expect(checkLanded(file ?? "", "0".repeat(64))).toMatch(
      /changed after it landed.*add a new migration/,
    );
  });
});
