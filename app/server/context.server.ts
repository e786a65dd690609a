// What every loader and action gets through React Router's context: the booted services and the
// per-request facts (CSP nonce, client address) that the HTTP server knows.

import type { Logger } from "pino";
import { createContext, type RouterContextProvider } from "react-router";
import type { Config } from "./config.server";
import type { Db } from "./db/tables.server";

export type AppServices = { config: Config; db: Db; logger: Logger };
export type RequestInfo = { nonce: string; clientIp: string };
export type AppContext = AppServices & RequestInfo;

export const appContext = createContext<AppContext>();

export function getAppContext(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}
