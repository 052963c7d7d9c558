import { z } from 'zod';

// Zod compiles each object schema into a function (`new Function`) on its first parse, which
// pays off only over many parses of the same schema. A build parses each dataset schema once and
// the post schema once per post: without compiling, validating a 1,000-post site took about 15 ms
// less in a fresh process (65 ms against 80), and no more warm. Schemas read this setting when
// they are made, so every module that makes one imports this module first.
z.config({ jitless: true });
