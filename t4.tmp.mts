import dagre from '@dagrejs/dagre';
import { bigFlowchart } from './bench/diagrams/run.ts';
const m = bigFlowchart(300);
for (const labels of [true,false]) for (const ranker of ['tight-tree','longest-path']) {
const g = new dagre.graphlib.Graph({multigraph:true}); g.setGraph({rankdir:'TB',ranker, nodesep:36, ranksep:44, edgesep:16});
for (const n of m.nodes) g.setNode(n.id,{width:150,height:40});
m.edges.forEach((e,i)=>g.setEdge(e.from,e.to,labels?{width:e.label?20:0,height:e.label?20:0,labelpos:'c'}:{},'e'+i));
const t = performance.now(); dagre.layout(g); console.log('labels',labels,ranker,(performance.now()-t).toFixed(0));
}
