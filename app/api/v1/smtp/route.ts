import { apiHandler } from "@/lib/api/handler";
import { getSmtpSettings } from "@/lib/relay/get-smtp-settings";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/smtp – relay host, port, security and username (the password is an API key)
export const GET = apiHandler({}, async () => getSmtpSettings());

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
