-- Answers kept for an Idempotency-Key that hold a credential, from before each write route said
-- what it keeps (plugins/idempotency.ts): a session token (`auth`: the password change, the
-- trust-device sign-in), a report token, a pending user's invite code. JSON escapes every quote
-- inside a string, so these patterns match only such a field, at any depth. And every anonymous
-- write's row (trust-device sign-in, registration, password reset and forgotten password): their
-- fingerprints are hashes of bodies holding a password, a code or a link's token.
DELETE FROM "idempotency_keys"
WHERE "body" LIKE '%"auth":"%'
   OR "body" LIKE '%"token":"%'
   OR "body" LIKE '%"invite_code":"%'
   OR "caller" LIKE 'address:%';
