import type { ComponentType } from "react";
import { KeyIcon, RocketIcon, type IconProps } from "@/components/ui/icons";

export interface NavItem {
  href: string;
  label: string;
  icon: ComponentType<IconProps>;
}

// The sidebar lists only pages that exist: a new dashboard page adds its line here.
export const NAV_ITEMS: NavItem[] = [
  { href: "/dashboard", label: "Get started", icon: RocketIcon },
  { href: "/api-keys", label: "API keys", icon: KeyIcon },
];
