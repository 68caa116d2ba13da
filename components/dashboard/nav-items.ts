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
import { roleMayView, type Area } from "@/lib/members/role-permissions";
import type { Role } from "@/lib/members/roles";

export interface NavItem {
  href: string;
  label: string;
  icon: ComponentType<IconProps>;
  /** The area whose read rule decides who sees the link (lib/members/role-permissions.ts). */
  area: Area;
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
      { href: "/overview", label: "Overview", icon: ChartIcon, area: "Analytics" },
      { href: "/dashboard", label: "Get started", icon: RocketIcon, area: "Analytics" },
    ],
  },
  {
    label: "Audience and campaigns",
    items: [
      { href: "/contacts", label: "Contacts", icon: UsersIcon, area: "Contacts" },
      { href: "/lists", label: "Lists", icon: ListIcon, area: "Lists" },
      { href: "/segments", label: "Segments", icon: FilterIcon, area: "Audience" },
      { href: "/automations", label: "Automations", icon: WorkflowIcon, area: "Automations" },
      { href: "/broadcasts", label: "Broadcasts", icon: SendIcon, area: "Broadcasts" },
      { href: "/templates", label: "Templates", icon: FileTextIcon, area: "Templates" },
    ],
  },
  {
    label: "Sending",
    items: [
      { href: "/emails", label: "Emails", icon: MailIcon, area: "Emails" },
      { href: "/domains", label: "Domains", icon: GlobeIcon, area: "Domains" },
      { href: "/receiving", label: "Receiving", icon: InboxArrowIcon, area: "Emails" },
      { href: "/suppressions", label: "Suppressions", icon: BanIcon, area: "Account" },
      { href: "/inbox", label: "Dev inbox", icon: InboxIcon, area: "Account" },
    ],
  },
  {
    label: "Developers",
    items: [
      { href: "/api-keys", label: "API keys", icon: KeyIcon, area: "API keys" },
      { href: "/webhooks", label: "Webhooks", icon: WebhookIcon, area: "Webhooks" },
      { href: "/logs", label: "Logs", icon: ScrollTextIcon, area: "Logs" },
      { href: "/docs/api", label: "API reference", icon: BracesIcon, area: "Meta" },
    ],
  },
  {
    label: "Team",
    items: [
      { href: "/members", label: "Members", icon: UsersIcon, area: "Members" },
      { href: "/audit-log", label: "Audit log", icon: ScrollTextIcon, area: "Audit log" },
    ],
  },
  { label: null, items: [{ href: "/settings", label: "Settings", icon: SettingsIcon, area: "Account" }] },
];

export const NAV_ITEMS: NavItem[] = NAV_GROUPS.flatMap((group) => group.items);

/** The groups with only the links a role may open; a group left empty is dropped. */
export function navGroupsFor(role: Role): NavGroup[] {
  return NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter((i) => roleMayView(role, i.area)) })).filter((g) => g.items.length);
}
