import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.server";

describe("parseConfig", () => {
  it("applies the documented defaults", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATABASE_URL: "file:./data/site.db",
      SITE_URL: "http://localhost:3000",
      LOG_LEVEL: "info",
      WEB_CONCURRENCY: 1,
      DATABASE_POOL_SIZE: 10,
      REPORTS_TIMEOUT_SECONDS: 15,
      secure: false,
    });
    expect(config.ADMIN_EMAIL).toBeUndefined();
  });

  it("derives SITE_URL from PORT and marks https sites secure", () => {
    expect(parseConfig({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    const https = parseConfig({ SITE_URL: "https://clearlineit.com/" });
    expect(https.SITE_URL).toBe("https://clearlineit.com");
    expect(https.secure).toBe(true);
  });

  it("keeps HSTS to the site's own host unless the owner asks for its subdomains", () => {
    expect(parseConfig({}).HSTS_INCLUDE_SUBDOMAINS).toBe(false);
    expect(parseConfig({ HSTS_INCLUDE_SUBDOMAINS: "true" }).HSTS_INCLUDE_SUBDOMAINS).toBe(true);
    expect(parseConfig({ HSTS_INCLUDE_SUBDOMAINS: "false" }).HSTS_INCLUDE_SUBDOMAINS).toBe(false);
    expect(() => parseConfig({ HSTS_INCLUDE_SUBDOMAINS: "yes" })).toThrow(
      "HSTS_INCLUDE_SUBDOMAINS: must be true or false",
    );
  });

  it("names the variable that is wrong", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(
      "PORT: must be a port number from 0 to 65535",
    );
    expect(() => parseConfig({ PORT: "70000" })).toThrow(
      "PORT: must be a port number from 0 to 65535",
    );
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL: must be file:PATH/,
    );
    expect(() => parseConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => parseConfig({ SITE_URL: "ftp://x" })).toThrow(/SITE_URL/);
    expect(() => parseConfig({ DATABASE_POOL_SIZE: "1" })).toThrow(
      "DATABASE_POOL_SIZE: must be a number of connections from 2 to 200",
    );
    expect(() => parseConfig({ REPORTS_TIMEOUT_SECONDS: "forever" })).toThrow(
      "REPORTS_TIMEOUT_SECONDS: must be a number of seconds from 1 to 600",
    );
    expect(parseConfig({ DATABASE_POOL_SIZE: "25" }).DATABASE_POOL_SIZE).toBe(25);
  });

  it("wants the admin email and password together", () => {
    expect(() => parseConfig({ ADMIN_EMAIL: "a@b.co" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => parseConfig({ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "short" })).toThrow(
      /ADMIN_PASSWORD: must be at least 12 characters/,
    );
    expect(
      parseConfig({ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "long enough pass" }).ADMIN_EMAIL,
    ).toBe("a@b.co");
  });

  it("treats empty variables as unset", () => {
    expect(parseConfig({ SMTP_URL: "", ADMIN_EMAIL: " " }).SMTP_URL).toBeUndefined();
  });

  it("needs the mail addresses when SMTP is on", () => {
    expect(() => parseConfig({ SMTP_URL: "smtp://localhost:2525" })).toThrow(/MAIL_FROM/);
  });

  it("runs one process, a number of them, or one per core", () => {
    expect(parseConfig({ WEB_CONCURRENCY: "" }).WEB_CONCURRENCY).toBe(1);
    expect(parseConfig({ WEB_CONCURRENCY: "3" }).WEB_CONCURRENCY).toBe(3);
    expect(parseConfig({ WEB_CONCURRENCY: "auto" }).WEB_CONCURRENCY).toBe(availableParallelism());
    for (const wrong of ["0", "many", "2.5", "100"]) {
      expect(() => parseConfig({ WEB_CONCURRENCY: wrong })).toThrow(
        'WEB_CONCURRENCY: must be "auto" or a number of processes from 1 to 32',
      );
    }
  });
});
