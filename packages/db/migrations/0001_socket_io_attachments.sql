-- The socket.io postgres adapter keeps large (binary) payloads here; its NOTIFY carries the id.
CREATE TABLE IF NOT EXISTS socket_io_attachments (
	id bigserial UNIQUE,
	created_at timestamptz DEFAULT now(),
	payload bytea
);
