// The roles a member can hold, most powerful first. Shared by the dashboard (browser) and the server.
export const ROLES = ["owner", "admin", "developer", "marketer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  developer: "Developer",
  marketer: "Marketer",
  viewer: "Viewer",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including ownership and deleting the account.",
  admin: "Everything but ownership.",
  developer: "API keys, domains, webhooks, templates, logs and sends; not broadcasts or contacts.",
  marketer: "Contacts, lists, audience, templates, automations and broadcasts; not keys, domains or webhooks.",
  viewer: "Reads everything, changes nothing.",
};
