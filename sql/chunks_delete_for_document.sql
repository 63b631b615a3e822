-- chunks_delete_for_document.sql: removes every chunk of document %(document_id)s. Returns nothing.
DELETE FROM chunks WHERE document_id = %(document_id)s;
