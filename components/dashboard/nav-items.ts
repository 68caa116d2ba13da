import type { ComponentType } from "react";
import {
  BanIcon,
  BracesIcon,
  ChartIcon,
  FileTextIcon,
  GlobeIcon,
  InboxIcon,
  KeyIcon,
  MailIcon,
  RocketIcon,
  SendIcon,
  SettingsIcon,
  WebhookIcon,
  type IconProps,
} from "@/components/ui/icons";
import { ListIcon, UsersIcon } from "@/components/contacts/contact-icons";
import { WorkflowIcon } from "@/components/automations/automation-icons";

export interface NavItem {
  href: string;
  label: string;
  icon: ComponentType<IconProps>;
}

// The sidebar lists only pages that exist: a new dashboard page adds its line here.
export const NAV_ITEMS: NavItem[] = [
  { href: "/overview", label: "Overview", icon: ChartIcon },
  { href: "/dashboard", label: "Get started", icon: RocketIcon },
  { href: "/automations", label: "Automations", icon: WorkflowIcon },
  { href: "/broadcasts", label: "Broadcasts", icon: SendIcon },
  { href: "/emails", label: "Emails", icon: MailIcon },
  { href: "/templates", label: "Templates", icon: FileTextIcon },
  { href: "/contacts", label: "Contacts", icon: UsersIcon },
  { href: "/lists", label: "Lists", icon: ListIcon },
  { href: "/suppressions", label: "Suppressions", icon: BanIcon },
  { href: "/domains", label: "Domains", icon: GlobeIcon },
  { href: "/webhooks", label: "Webhooks", icon: WebhookIcon },
  { href: "/api-keys", label: "API keys", icon: KeyIcon },
  { href: "/inbox", label: "Dev inbox", icon: InboxIcon },
  { href: "/docs/api", label: "API reference", icon: BracesIcon },
  { href: "/settings", label: "Settings", icon: SettingsIcon },
];
