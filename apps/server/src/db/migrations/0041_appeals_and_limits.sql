-- Reserved for the work that fills it; a no-op until then.
SELECT 1;
