import { apiRoute } from "@/lib/api/api-route";
import { getSmtpSettings } from "@/lib/relay/get-smtp-settings";
import { getSmtpSettingsOp } from "@/lib/relay/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/smtp – relay host, port, security and username (the password is an API key)
export const GET = apiRoute(getSmtpSettingsOp, () => getSmtpSettings());

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
