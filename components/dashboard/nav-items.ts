import type { ComponentType } from "react";
import { GlobeIcon, KeyIcon, RocketIcon, type IconProps } from "@/components/ui/icons";

export interface NavItem {
  href: string;
  label: string;
  icon: ComponentType<IconProps>;
}

// The sidebar lists only pages that exist: a new dashboard page adds its line here.
export const NAV_ITEMS: NavItem[] = [
  { href: "/dashboard", label: "Get started", icon: RocketIcon },
  { href: "/domains", label: "Domains", icon: GlobeIcon },
  { href: "/api-keys", label: "API keys", icon: KeyIcon },
];
