// React Router framework mode: server rendering on, one server build loaded by our own server.
import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
} satisfies Config;
