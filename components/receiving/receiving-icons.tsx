import { Icon, type IconProps } from "@/components/ui/icons";

// Line icons for received mail, in the components/ui/icons look (Lucide, ISC licence).

/** An arrow into a tray: mail arriving (the Receiving page). */
export const InboxArrowIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3v9" />
    <path d="m8 8 4 4 4-4" />
    <path d="M22 14h-6l-2 3h-4l-2-3H2" />
    <path d="M2 14v5a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-5" />
  </Icon>
);
