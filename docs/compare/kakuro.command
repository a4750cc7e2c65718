salience compare kakuro ../shared/data/kakuro/sevilla_clips/ejemplos_plain.txt --shard 1/10 --timeout 60 --report docs/compare/kakuro
