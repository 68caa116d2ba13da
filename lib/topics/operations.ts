import { defineOperation } from "@/lib/api/define-operation";
import { createTopicBodySchema, updateContactTopicsBodySchema, updateTopicBodySchema } from "./schemas";
import {
  deleteTopicResponseSchema,
  listContactTopicsResponseSchema,
  listTopicsResponseSchema,
  topicResponseSchema,
  updateContactTopicsResponseSchema,
} from "./response-schemas";

// The resend SDK's topics and contacts.topics (answers in its field names).

export const createTopicOp = defineOperation({
  method: "POST",
  path: "/topics",
  id: "createTopic",
  summary: "Create a topic",
  tag: "Audience",
  status: 201,
  body: createTopicBodySchema,
  response: topicResponseSchema,
  errors: ["conflict", "limit_reached"],
  example: { name: "Product news", description: "New features, once a month", defaultSubscription: "opt_in" },
});

export const listTopicsOp = defineOperation({
  method: "GET",
  path: "/topics",
  id: "listTopics",
  summary: "List topics",
  tag: "Audience",
  response: listTopicsResponseSchema,
});

export const getTopicOp = defineOperation({
  method: "GET",
  path: "/topics/{id}",
  id: "getTopic",
  summary: "Get a topic",
  tag: "Audience",
  response: topicResponseSchema,
});

export const updateTopicOp = defineOperation({
  method: "PATCH",
  path: "/topics/{id}",
  id: "updateTopic",
  summary: "Rename a topic or change its description",
  tag: "Audience",
  body: updateTopicBodySchema,
  response: topicResponseSchema,
  errors: ["conflict"],
});

export const deleteTopicOp = defineOperation({
  method: "DELETE",
  path: "/topics/{id}",
  id: "deleteTopic",
  summary: "Delete a topic",
  tag: "Audience",
  response: deleteTopicResponseSchema,
});

export const listContactTopicsOp = defineOperation({
  method: "GET",
  path: "/contacts/{id}/topics",
  id: "listContactTopics",
  summary: "A contact's subscription to every topic",
  tag: "Audience",
  response: listContactTopicsResponseSchema,
});

export const updateContactTopicsOp = defineOperation({
  method: "PATCH",
  path: "/contacts/{id}/topics",
  id: "updateContactTopics",
  summary: "Opt a contact in to or out of topics",
  description: "The body is the array itself (as the resend SDK sends it) or {topics: [...]}.",
  tag: "Audience",
  body: updateContactTopicsBodySchema,
  response: updateContactTopicsResponseSchema,
  example: [{ id: "top_4kXv7Qp2Lm9RzT1cWn8bYd", subscription: "opt_out" }],
});
