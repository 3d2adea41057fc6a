import type { NotificationKind } from "@/lib/notifications/kinds";

export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  title: string;
  link: string;
  read: boolean;
  createdAt: Date;
}

export interface TeamWebhookSummary {
  id: string;
  url: string;
  kinds: NotificationKind[];
  createdAt: Date;
  deliveries: {
    id: string;
    kind: string;
    title: string;
    status: string;
    attempts: number;
    responseStatus: number | null;
    error: string | null;
    createdAt: Date;
  }[];
}
