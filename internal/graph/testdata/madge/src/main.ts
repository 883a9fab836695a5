import { run } from './index';
import { stepD } from './d';

console.log(run('hello'), stepD(3));
