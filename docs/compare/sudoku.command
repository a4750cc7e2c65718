salience compare sudoku ../shared/data/sudoku/sgt_solo/sudoku_3_intermediate.txt ../shared/data/sudoku/sgt_solo/sudoku_5_extreme.txt --shard 1/10 --timeout 60 --report docs/compare/sudoku
