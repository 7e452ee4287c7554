package mcp

import "encoding/json"

// The notifications serve sends. Their members are in the order of their
// JSON keys, as the maps serve once built wrote them.

// LoggingMessage is the params of notifications/message: a log line for
// the client, here lint's findings and failed loads.
type LoggingMessage struct {
	Data   any    `json:"data"`
	Level  string `json:"level"`
	Logger string `json:"logger,omitempty"`
}

// SubscriptionMeta is the _meta of a notification that belongs to a
// 2026-07-28 subscriptions/listen stream: the listen request's id.
type SubscriptionMeta struct {
	SubscriptionID json.RawMessage `json:"io.modelcontextprotocol/subscriptionId"`
}

// ListenFilter is the notifications a subscriptions/listen stream asks for,
// or those its acknowledgement grants.
type ListenFilter struct {
	ToolsListChanged bool `json:"toolsListChanged,omitempty"`
}

// SubscriptionsAcknowledged is the params of
// notifications/subscriptions/acknowledged.
type SubscriptionsAcknowledged struct {
	Meta          SubscriptionMeta `json:"_meta"`
	Notifications ListenFilter     `json:"notifications"`
}

// ListChanged is the params of notifications/tools/list_changed on a
// subscription stream.
type ListChanged struct {
	Meta SubscriptionMeta `json:"_meta"`
}
