/**
 * The client's tests wait up to 5 s for what they look for (testing-library's default is 1 s): the first page of a
 * file loads its lazy chunks cold, and on a busy two-core machine that alone can take more than a second. A test
 * that passes waits no longer for it; only a failing one reports later.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
