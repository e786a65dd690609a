// Maps the content's icon names to lucide icons; an unknown value falls back to "computer".
import {
  ArrowRight,
  ChartColumn,
  Cloud,
  Code,
  type LucideIcon,
  Monitor,
  Settings,
  Shield,
  Zap,
} from "lucide-react";
import type { IconName } from "./schema";

const icons: Record<IconName, LucideIcon> = {
  computer: Monitor,
  shield: Shield,
  cloud: Cloud,
  settings: Settings,
  chart: ChartColumn,
  code: Code,
  arrow: ArrowRight,
  zap: Zap,
};

export function getIcon(name: string): LucideIcon {
  return Object.hasOwn(icons, name) ? icons[name as IconName] : icons.computer;
}
