import { Icon, type IconProps } from "@/components/ui/icons";

// Line icons for the request logs, in the components/ui/icons look (Lucide, ISC licence).

export const ScrollTextIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15 12h-5" />
    <path d="M15 8h-5" />
    <path d="M19 17V5a2 2 0 0 0-2-2H4" />
    <path d="M8 21h12a2 2 0 0 0 2-2v-1a1 1 0 0 0-1-1H11a1 1 0 0 0-1 1v1a2 2 0 1 1-4 0V5a2 2 0 1 0-4 0v2a1 1 0 0 0 1 1h3" />
  </Icon>
);
