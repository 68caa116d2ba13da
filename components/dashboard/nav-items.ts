import type { ComponentType } from "react";
import {
  BanIcon,
  BracesIcon,
  FileTextIcon,
  GlobeIcon,
  InboxIcon,
  KeyIcon,
  MailIcon,
  SendIcon,
  WebhookIcon,
  type IconProps,
} from "@/components/ui/icons";
import { ChartIcon, RocketIcon, SettingsIcon } from "./dashboard-icons";
import { FilterIcon, ListIcon, UsersIcon } from "@/components/contacts/contact-icons";
import { WorkflowIcon } from "@/components/automations/automation-icons";
import { InboxArrowIcon } from "@/components/receiving/receiving-icons";
import { ScrollTextIcon } from "@/components/logs/log-icons";

export interface NavItem {
  href: string;
  label: string;
  icon: ComponentType<IconProps>;
}

export interface NavGroup {
  /** Null for the group at the top (and the one at the foot), which need no heading. */
  label: string | null;
  items: NavItem[];
}

// The sidebar lists only pages that exist: a new dashboard page adds its line here. Grouped by
// who reaches for them: the same groups on a wide screen's sidebar and a phone's menu.
export const NAV_GROUPS: NavGroup[] = [
  {
    label: null,
    items: [
      { href: "/overview", label: "Overview", icon: ChartIcon },
      { href: "/dashboard", label: "Get started", icon: RocketIcon },
    ],
  },
  {
    label: "Audience and campaigns",
    items: [
      { href: "/contacts", label: "Contacts", icon: UsersIcon },
      { href: "/lists", label: "Lists", icon: ListIcon },
      { href: "/segments", label: "Segments", icon: FilterIcon },
      { href: "/automations", label: "Automations", icon: WorkflowIcon },
      { href: "/broadcasts", label: "Broadcasts", icon: SendIcon },
      { href: "/templates", label: "Templates", icon: FileTextIcon },
    ],
  },
  {
    label: "Sending",
    items: [
      { href: "/emails", label: "Emails", icon: MailIcon },
      { href: "/domains", label: "Domains", icon: GlobeIcon },
      { href: "/receiving", label: "Receiving", icon: InboxArrowIcon },
      { href: "/suppressions", label: "Suppressions", icon: BanIcon },
      { href: "/inbox", label: "Dev inbox", icon: InboxIcon },
    ],
  },
  {
    label: "Developers",
    items: [
      { href: "/api-keys", label: "API keys", icon: KeyIcon },
      { href: "/webhooks", label: "Webhooks", icon: WebhookIcon },
      { href: "/logs", label: "Logs", icon: ScrollTextIcon },
      { href: "/docs/api", label: "API reference", icon: BracesIcon },
    ],
  },
  { label: null, items: [{ href: "/settings", label: "Settings", icon: SettingsIcon }] },
];

export const NAV_ITEMS: NavItem[] = NAV_GROUPS.flatMap((group) => group.items);
