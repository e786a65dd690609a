// The Settings form's one schema, as the screen and its action both apply it.
import { describe, expect, it } from "vitest";
import { isTimeZone, listTimeZones, siteSettingsSchema } from "./settings";

describe("the site settings schema", () => {
  it("takes an IANA zone the runtime knows, trimmed", () => {
    expect(siteSettingsSchema.parse({ timeZone: " Europe/Berlin " })).toEqual({
      timeZone: "Europe/Berlin",
    });
    expect(siteSettingsSchema.safeParse({ timeZone: "UTC" }).success).toBe(true);
  });

  it("refuses an unknown or missing zone with a message that says what to do", () => {
    const unknown = siteSettingsSchema.safeParse({ timeZone: "Mars/Olympus_Mons" });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toBe(
      "Unknown time zone: choose one from the list, such as Europe/Berlin",
    );
    expect(siteSettingsSchema.safeParse({}).error?.issues[0]?.message).toBe("Choose a time zone");
    expect(siteSettingsSchema.safeParse({ timeZone: "" }).error?.issues[0]?.message).toBe(
      "Choose a time zone",
    );
  });

  it("lists every zone it accepts, UTC among them", () => {
    const zones = listTimeZones();
    expect(zones).toContain("UTC");
    expect(zones).toContain("America/New_York");
    expect(zones.every(isTimeZone)).toBe(true);
  });
});
