// What the lead endpoint is handed on Netlify, which has no SQL binding: its store in Netlify
// Blobs, read and written with strong consistency (a lead stored is a lead the next request sees).
// Netlify provides the store's credentials to its functions; nothing is set by hand.
import { getStore } from '@netlify/blobs';
import { blobsLeadStore, type BlobsStore } from './leads/blobs-lead-store.ts';

export default () => ({
  LEADS_STORE: blobsLeadStore(getStore({ name: 'leads', consistency: 'strong' }) as BlobsStore),
});
